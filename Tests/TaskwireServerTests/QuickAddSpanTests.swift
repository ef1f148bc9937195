import JSON
import TaskwireTestSupport
import Testing

/// Quick add through `task/parse`, as a frontend highlights it: each row names the text a
/// person typed and, in order, each token's kind and the exact text its span covers. The span
/// must cut the same text in UTF-16 code units, in Unicode scalars and in UTF-8 bytes, and
/// start at the first occurrence of that text after the previous span.
@Suite struct QuickAddSpanTests {
  static let table: [(text: String, spans: [(kind: String, covers: String)])] = [
    (
      "Call mom #family !! tomorrow 30m every sun",
      [
        ("tag", "#family"), ("priority", "!!"), ("date", "tomorrow"), ("duration", "30m"),
        ("recurrence", "every sun"),
      ]
    ),
    ("#work Write spec", [("tag", "#work")]),
    ("Write #work spec", [("tag", "#work")]),
    ("Buy milk #einkäufe", [("tag", "#einkäufe")]),
    ("Купить хлеб #покупки", [("tag", "#покупки")]),
    ("🎂 Party #fun sat", [("tag", "#fun"), ("date", "sat")]),
    ("👩‍👩‍👧 family day #home", [("tag", "#home")]),
    ("𝄞 practice #music ~45", [("tag", "#music"), ("duration", "~45")]),
    ("Café mit Zoë tomorrow", [("date", "tomorrow")]),
    ("買い物 #日本 !!!", [("tag", "#日本"), ("priority", "!!!")]),
    (
      "Call mom +family pri:M due:tomorrow",
      [("tag", "+family"), ("priority", "pri:M"), ("due", "due:tomorrow")]
    ),
    ("Pay rent due fri", [("due", "due fri")]),
    ("Meet at the office on fri", [("date", "on fri")]),
    ("Call mom in 3 days", [("date", "in 3 days")]),
    ("Call mom next weekend", [("date", "next weekend")]),
    ("Dentist dec 1st", [("date", "dec 1st")]),
    ("Rent every month on the last day", [("recurrence", "every month on the last day")]),
    ("Water plants every! 3 days", [("recurrence", "every! 3 days")]),
    ("Gym every mon, thu 1h", [("recurrence", "every mon, thu"), ("duration", "1h")]),
    ("Focus @deep * 2h", [("type", "@deep"), ("urgent", "*"), ("duration", "2h")]),
    ("\"#1 fan\" mug #gifts", [("tag", "#gifts")]),
    ("\\#1 fan mug p1", [("priority", "p1")]),
    ("Email bob@example.com #work", [("tag", "#work")]),
    ("Read https://example.com/page#section tomorrow", [("date", "tomorrow")]),
    ("Call  mom  #family", [("tag", "#family")]),
  ]

  @Test(arguments: 0..<table.count) func spansCoverWhatIsHighlighted(row: Int) throws {
    let (text, expected) = Self.table[row]
    let client = try InProcessClient.started()
    let spans = try #require(
      try client.result("task/parse", ["text": .string(text)])["spans"]?.arrayValue)
    #expect(spans.map { $0["kind"]?.stringValue ?? "" } == expected.map(\.kind), "\(text)")
    var searchFrom = text.startIndex
    for (span, want) in zip(spans, expected) {
      let at = try #require(
        text.range(of: want.covers, range: searchFrom..<text.endIndex), "\(want.covers) in \(text)")
      searchFrom = at.upperBound
      #expect(Self.cut(text, span, unit: .utf16) == want.covers, "UTF-16 span of \(want.covers)")
      #expect(Self.cut(text, span, unit: .scalars) == want.covers, "scalar span of \(want.covers)")
      #expect(Self.cut(text, span, unit: .bytes) == want.covers, "byte span of \(want.covers)")
      #expect(
        span["start"]?.int == text.utf16.distance(from: text.startIndex, to: at.lowerBound),
        "\(want.covers) starts where it is")
    }
  }

  enum Unit { case utf16, scalars, bytes }

  static let repeats: [(String, JSONValue)] = [
    ("Water plants every 3 days", ["pattern": "daily", "interval": 3]),
    ("Water plants every! 3 days", ["pattern": "daily", "interval": 3, "afterCompletion": true]),
    ("Gym every mon, thu", ["pattern": "weekly", "weekdays": [1, 4]]),
    ("Standup every weekday", ["pattern": "weekly", "weekdays": [1, 2, 3, 4, 5]]),
    ("Review every other week", ["pattern": "biweekly", "weekdays": []]),
    ("Review every 2 weeks", ["pattern": "biweekly", "weekdays": []]),
    ("Review biweekly", ["pattern": "biweekly", "weekdays": []]),
    ("Rent every month on the 15th", ["pattern": "monthly", "monthDay": 15]),
    ("Rent every 15th", ["pattern": "monthly", "monthDay": 15]),
    ("Rent every month on the last day", ["pattern": "monthly", "monthDay": 32]),
    ("Haircut every! month", ["pattern": "monthly", "monthDay": .null, "afterCompletion": true]),
    ("Tidy daily", ["pattern": "daily"]),
  ]

  /// The text a span covers, cut in one unit (nil when the offsets do not fall on that unit's
  /// boundaries of a whole character).
  static func cut(_ text: String, _ span: JSONValue, unit: Unit) -> String? {
    let names = [
      Unit.utf16: ("start", "end"), .scalars: ("scalarStart", "scalarEnd"),
      .bytes: ("byteStart", "byteEnd"),
    ][unit]!
    guard let start = span[names.0]?.int, let end = span[names.1]?.int, start <= end else {
      return nil
    }
    switch unit {
    case .utf16:
      // Offsets inside a surrogate pair have no scalar position: nil.
      guard end <= text.utf16.count,
        let from = text.utf16.index(text.utf16.startIndex, offsetBy: start).samePosition(
          in: text.unicodeScalars),
        let to = text.utf16.index(text.utf16.startIndex, offsetBy: end).samePosition(
          in: text.unicodeScalars)
      else { return nil }
      return String(text.unicodeScalars[from..<to])
    case .scalars:
      let scalars = Array(text.unicodeScalars)
      guard end <= scalars.count else { return nil }
      var result = String.UnicodeScalarView()
      result.append(contentsOf: scalars[start..<end])
      return String(result)
    case .bytes:
      let bytes = Array(text.utf8)
      guard end <= bytes.count else { return nil }
      return String(validating: bytes[start..<end], as: UTF8.self)
    }
  }

  /// Repeats in full: interval, weekdays, day of the month and the after-completion marker.
  @Test(arguments: 0..<repeats.count)
  func repeatsInFull(row: Int) throws {
    let (text, recurrence) = Self.repeats[row]
    let client = try InProcessClient.started()
    let fields = try client.result("task/parse", ["text": .string(text)])["fields"]
    #expect(fields?["recurrence"] == recurrence, "\(text)")
  }

  /// What `task/parse` says is what `task/create` stores, field for field.
  @Test(arguments: [
    "Call mom #family !! tomorrow 30m every sun", "Müll rausbringen #zuhause @errand due fri ~20",
    "🎂 Birthday party #fun sat", "Write spec #work !!! * @deep 2h tomorrow",
    "Pay rent every month on the last day #money",
    "Read \"Dune\" tomorrow", "Ünïcödé #tåg !!", "Dentist dec 1st p2", "Gym every mon, thu 1h",
    "plain title",
  ])
  func createStoresWhatParseSays(text: String) throws {
    let client = try InProcessClient.started()
    let fields = try #require(
      try client.result("task/parse", ["text": .string(text)])["fields"]?.objectValue)
    let task = try #require(
      try client.result("task/create", ["text": .string(text)])["task"]?.objectValue)
    for (name, value) in fields where name != "view" {
      #expect(task[name] == value, "\(text): \(name)")
    }
    // …and the store gives the same task back.
    #expect(try client.result("task/get", ["id": task["id"]!])["task"] == .object(task))
  }

  /// Random Unicode (any plane, combining marks, joiners, controls) mixed with the grammar's
  /// words: `task/parse` always answers, and every span cuts the text at whole characters in
  /// all three units, in order, without overlapping.
  @Test(arguments: 0..<12) func randomUnicodeIsReadSafely(seed: Int) throws {
    var random = Generator(seed: UInt64(seed) &* 7919 &+ 3)
    let words = [
      "#", "+", "!!", "*", "~30", "@deep", "every", "every!", "tomorrow", "fri", "due", "on", " ",
      " ", "\\", "\"",
    ]
    let client = try InProcessClient.started()
    for _ in 0..<40 {
      var text = ""
      for _ in 0..<random.next(24) {
        if random.next(3) == 0 {
          text += words[random.next(words.count)]
        } else {
          let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x400...0x4FF, 0x200B...0x200D,
            0x3040...0x30FF, 0x4E00...0x4FFF, 0x1F300...0x1F6FF, 0x1D100...0x1D1FF, 0x1...0x1F,
          ]
          let range = ranges[random.next(ranges.count)]
          let value =
            range.lowerBound + UInt32(random.next(Int(range.upperBound - range.lowerBound) + 1))
          text.unicodeScalars.append(Unicode.Scalar(value)!)
        }
      }
      let result = try client.call("task/parse", ["text": .string(text)])
      guard let spans = result["result"]?["spans"]?.arrayValue else {
        Issue.record("no result for \(text.debugDescription): \(result)")
        continue
      }
      var previousEnd = 0
      for span in spans {
        let covered = Self.cut(text, span, unit: .utf16)
        #expect(
          covered != nil && covered == Self.cut(text, span, unit: .scalars),
          "\(text.debugDescription)")
        #expect(covered == Self.cut(text, span, unit: .bytes), "\(text.debugDescription)")
        #expect((span["start"]?.int ?? -1) >= previousEnd, "in order: \(text.debugDescription)")
        previousEnd = span["end"]?.int ?? 0
        // A whole-character cut: the covered text is not a broken surrogate pair or byte run.
        #expect(
          covered.map { $0.utf16.count == (span["end"]?.int ?? 0) - (span["start"]?.int ?? 0) }
            == true)
      }
    }
  }
}

extension JSONValue {
  /// An integer member's value as an `Int`.
  var int: Int? { integerValue.map { Int($0) } }
}
