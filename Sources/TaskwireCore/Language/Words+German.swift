extension Words {
  /// German as the seeds' app speaks it (its repeat picker: Nie, Täglich, Wöchentlich,
  /// Zweiwöchentlich, Monatlich, Letzter Tag; its weekday buttons: Mo Di Mi Do Fr Sa So).
  public static let german = Words(
    inbox: "Eingang", today: "Heute", evening: "Heute Abend", tomorrow: "Morgen", yesterday: "Gestern", all: "Alle",
    chooseDate: "Datum wählen…",
    quadrants: [.doFirst: "Dringend & wichtig", .schedule: "Wichtig", .delegate: "Dringend", .eliminate: "Weder noch"],
    repeats: [
      .none: "Nie", .daily: "Täglich", .weekly: "Wöchentlich", .biweekly: "Zweiwöchentlich", .monthly: "Monatlich",
    ],
    lastDay: "Letzter Tag",
    weekdaysShort: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    monthsShort: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
    dayTitle: { month, day, year in year.map { "\(day). \(month) \($0)" } ?? "\(day). \(month)" },
    create: { "'\($0)' erstellt" }, update: { "'\($0)' geändert" }, delete: { "'\($0)' gelöscht" },
    complete: { "'\($0)' erledigt" }, reopen: { "'\($0)' wieder geöffnet" }, nextOn: { "\($0), nächstes Mal \($1)" },
    reorder: { "'\($0)' in \($1) umsortiert" }, move: { "'\($0)' nach \($1) verschoben" },
    sendToInbox: { "'\($0)' in den Eingang gelegt" }, schedule: { "'\($0)' für \($1) geplant" },
    importTasks: { $0 == 1 ? "1 Aufgabe aus \($2) importiert" : "\($1) Aufgaben aus \($2) importiert" },
    noArea: "Ohne Bereich", anytime: "Jederzeit", someday: "Irgendwann", noProject: "Ohne Projekt",
    cancel: { "'\($0)' abgebrochen" }, putOnSomeday: { "'\($0)' auf Irgendwann gelegt" },
    putOnAnytime: { "'\($0)' auf Jederzeit gelegt" }, makeProject: { "'\($0)' zum Projekt gemacht" },
    andMore: { "und \($0) weitere" }, groupingSeparator: ".", display: .german,
    reminder: .german)
}
