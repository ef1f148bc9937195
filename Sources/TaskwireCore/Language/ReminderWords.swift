/// The words of a reminder (`reminder` notification, issue 30): its heading, and its actions.
public struct ReminderWords: Sendable {
  /// "Reminder" / "Erinnerung"; one delivered late (no server ran): "Missed reminder".
  public var title: String
  public var missed: String
  public var complete: String
  public var dismiss: String
  /// The snoozes every client offers: 10 minutes, an hour, this evening, tomorrow morning.
  public var tenMinutes: String
  public var oneHour: String
  public var thisEvening: String
  public var tomorrowMorning: String
  /// A snooze's reply: "Snoozed until 6:00 PM" / "Zurückgestellt bis 18:00".
  public var snoozedUntil: @Sendable (String) -> String

  public static let english = ReminderWords(
    title: "Reminder", missed: "Missed reminder", complete: "Complete", dismiss: "Dismiss",
    tenMinutes: "10 minutes", oneHour: "1 hour", thisEvening: "This evening", tomorrowMorning: "Tomorrow morning",
    snoozedUntil: { "Snoozed until \($0)" })

  public static let german = ReminderWords(
    title: "Erinnerung", missed: "Verpasste Erinnerung", complete: "Erledigt", dismiss: "Schließen",
    tenMinutes: "10 Minuten", oneHour: "1 Stunde", thisEvening: "Heute Abend", tomorrowMorning: "Morgen früh",
    snoozedUntil: { "Zurückgestellt bis \($0)" })
}
