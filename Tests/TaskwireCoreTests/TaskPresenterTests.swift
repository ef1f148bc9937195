import Testing

@testable import TaskwireCore

/// The display convention, written once (`TaskPresenter`): each part and each repeat shape in
/// both languages, against texts written by hand here (the fixture in Protocol/fixtures covers
/// them through the binary).
@Suite struct TaskPresenterTests {
  let today = CalendarDate(year: 2026, month: 11, day: 25)!  // a Wednesday
  var english: TaskPresenter { TaskPresenter(today: today, language: .en) }
  var german: TaskPresenter { TaskPresenter(today: today, language: .de) }

  func task(
    priority: Int = 1, urgent: Bool = false, tags: [String] = [], type: TaskType = .maintenance, minutes: Int = 15,
    recurrence: Recurrence = .none, notes: String? = nil, scheduled: String? = nil, due: String? = nil,
    completed: Bool = false
  ) -> TaskRecord {
    TaskRecord(
      id: 1, title: "T", notes: notes, tags: tags, priority: priority, urgent: urgent, durationMinutes: minutes,
      type: type, scheduledDate: scheduled.flatMap { CalendarDate(iso: $0) },
      dueDate: due.flatMap { CalendarDate(iso: $0) },
      recurrence: recurrence, completed: completed, createdAt: "2026-11-25T09:00:00Z",
      updatedAt: "2026-11-25T09:00:00Z", rank: 0)
  }

  func texts(_ presenter: TaskPresenter, _ task: TaskRecord, in list: ListKey? = .today) -> [String] {
    presenter.parts(of: task, in: list).map(\.text)
  }

  @Test func theMarkersComeInTheConventionsOrder() {
    let full = task(
      priority: 2, urgent: true, tags: ["family", "phone"], type: .errand, minutes: 30,
      recurrence: Recurrence(pattern: .daily, weekdays: nil, monthDay: nil, interval: 1, afterCompletion: false),
      notes: "n", due: "2026-11-27")
    #expect(texts(english, full) == ["!!", "*", "#family #phone", "@errand", "30m", "↻ daily", "✎", "due Fri, Nov 27"])
    #expect(
      texts(german, full) == [
        "!!", "*", "#family #phone", "@errand", "30 Min.", "↻ täglich", "✎", "fällig Fr, 27. Nov.",
      ])
    #expect(
      english.parts(of: full, in: .today).map(\.kind) == [
        .priority, .urgent, .tags, .type, .duration, .repeat, .notes, .due,
      ])
    #expect(texts(english, task()).isEmpty, "a task at every default shows no marker")
    #expect(texts(english, task(notes: "")).isEmpty, "empty notes are no notes")
  }

  @Test func durations() {
    for (minutes, en, de) in [
      (5, "5m", "5 Min."), (60, "1h", "1 Std."), (90, "1h30m", "1 Std. 30 Min."), (10080, "168h", "168 Std."),
    ] {
      #expect(english.duration(minutes) == en)
      #expect(german.duration(minutes) == de)
    }
  }

  @Test func dueDaysOverdueAndAfterDue() {
    #expect(english.parts(of: task(due: "2026-11-25"), in: .today) == [DisplayPart(.dueToday, "due today")])
    #expect(texts(german, task(due: "2026-11-26")) == ["fällig morgen"])
    #expect(texts(english, task(due: "2027-01-04")) == ["due Jan 4, 2027"])
    #expect(texts(german, task(due: "2027-01-04")) == ["fällig 4. Jan. 2027"])
    #expect(
      texts(english, task(scheduled: "2026-11-25", due: "2026-11-24")) == ["due Tue, Nov 24", "overdue", "after due"])
    #expect(texts(german, task(scheduled: "2026-11-20")) == ["überfällig"], "rolled over into Today")
    #expect(
      texts(english, task(scheduled: "2026-11-20", completed: true), in: .completed(today)) == ["done Wed, Nov 25"])
    #expect(texts(german, task(completed: true), in: .completed(today.adding(days: -2))) == ["erledigt Mo, 23. Nov."])
  }

  @Test(arguments: [
    (Recurrence.Pattern.daily, nil as [Int]?, nil as Int?, 1, false, "daily", "täglich"),
    (.daily, nil, nil, 3, true, "every 3 days!", "alle 3 Tage!"),
    (.weekly, nil, nil, 1, false, "weekly", "wöchentlich"),
    (.weekly, [], nil, 2, false, "every 2 weeks", "alle 2 Wochen"),
    (.biweekly, nil, nil, 1, false, "every 2 weeks", "alle 2 Wochen"),
    (.weekly, [1, 2, 3, 4, 5], nil, 1, false, "Mon–Fri", "Mo–Fr"),
    (.weekly, [1, 3], nil, 1, false, "Mon, Wed", "Mo, Mi"),
    (.weekly, [1, 2, 3, 5, 6, 7], nil, 1, false, "Mon–Wed, Fri–Sun", "Mo–Mi, Fr–So"),
    (.biweekly, [1, 4], nil, 1, false, "every 2 weeks: Mon, Thu", "alle 2 Wochen: Mo, Do"),
    (.monthly, nil, nil, 1, true, "monthly!", "monatlich!"),
    (.monthly, nil, 15, 1, false, "monthly on the 15th", "monatlich am 15."),
    (.monthly, nil, 22, 1, false, "monthly on the 22nd", "monatlich am 22."),
    (.monthly, nil, 32, 1, false, "monthly on the last day", "monatlich am letzten Tag"),
    (.monthly, nil, 1, 3, false, "every 3 months on the 1st", "alle 3 Monate am 1."),
  ])
  func repeats(
    pattern: Recurrence.Pattern, weekdays: [Int]?, monthDay: Int?, interval: Int, after: Bool, en: String, de: String
  ) {
    let recurrence = Recurrence(
      pattern: pattern, weekdays: weekdays, monthDay: monthDay, interval: interval, afterCompletion: after)
    #expect(english.repeatText(recurrence) == en)
    #expect(german.repeatText(recurrence) == de)
  }

  @Test func headers() {
    let tasks = [task(minutes: 30), task(minutes: 45)]
    func header(_ presenter: TaskPresenter, _ title: String, _ date: String?, _ tasks: [TaskRecord]) -> String {
      let group = ViewSnapshot.Group(
        key: .inbox, title: title, date: date.flatMap { CalendarDate(iso: $0) }, tasks: tasks)
      return presenter.parts(of: group).map(\.text).joined(separator: " · ")
    }
    #expect(header(english, "Today", "2026-11-25", tasks) == "Today · Wed, Nov 25 · 1h15m")
    #expect(header(german, "Morgen", "2026-11-26", tasks) == "Morgen · Do, 26. Nov. · 1 Std. 15 Min.")
    #expect(header(english, "Nov 27", "2026-11-27", []) == "Fri, Nov 27", "the date is not said twice")
    #expect(header(german, "4. Jan. 2027", "2027-01-04", tasks) == "4. Jan. 2027 · Mo · 1 Std. 15 Min.")
    #expect(header(english, "Inbox", nil, tasks) == "Inbox · 1h15m")
  }

  @Test func whereANewTaskWent() {
    #expect(english.added("A", to: .inbox) == "Added 'A' to Inbox")
    #expect(german.added("A", to: .inbox) == "'A' zum Eingang hinzugefügt")
    #expect(german.added("A", to: .day(today.adding(days: 2))) == "'A' zu Demnächst hinzugefügt: Fr, 27. Nov.")
  }
}
