import Foundation
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// Dismissing, snoozing and listing reminders (`ReminderDesk` fires them).
extension Server {
  static func registerReminders(_ methods: inout Dispatcher) {
    methods.on(ReminderDismissRequest.self, .read) { server, reference in
      let (key, _) = try server.reminders.key(reference)
      try server.reminders.settle(key, id: reference.id, phase: .dismissed)
      return ReminderDismissRequest.Response(reference)
    }
    methods.on(ReminderSnoozeRequest.self, .read) { server, params in try server.snooze(params) }
    methods.on(ReminderListRequest.self, .read) { server, _ in
      server.reminders.fireDue()
      return ReminderListRequest.Response(reminders: server.reminders.showingNow())
    }
  }

  func snooze(_ params: ReminderSnoozeRequest.Params) throws -> ReminderSnoozeRequest.Response {
    let (key, _) = try reminders.key(params.reference)
    let zone = replica.dayClock.timeZone
    let now = replica.clock.now
    let nowWall = WallMoment(instant: now, in: zone)
    guard let until = SnoozePhrase.until(params.phrase, now: nowWall, today: replica.today) else {
      throw RPCError.invalidParams(
        "for", "'\(params.phrase)' is no snooze: say 10m, 1h, evening, tomorrow, or a day and time such as fri 9am")
    }
    let instant: Date
    switch until {
    case .minutes(let minutes): instant = now.addingTimeInterval(Double(minutes) * 60)
    case .wall(let moment): instant = moment.instant(in: zone)
    }
    guard instant > now else {
      throw RPCError.invalidParams("for", "'\(params.phrase)' is not later than now (\(nowWall))")
    }
    try reminders.settle(key, id: params.reference.id, phase: .snoozed, until: instant)
    let back = WallMoment(instant: instant, in: zone)
    let day =
      back.day == replica.today ? "" : replica.words.title(of: back.day, referenceYear: replica.today.year) + " "
    let message = language.words.reminder.snoozedUntil(
      day + language.words.display.time(back.time.hour, back.time.minute))
    return ReminderSnoozeRequest.Response(params.reference, until: back, message: message)
  }
}
