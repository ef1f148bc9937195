/// Quick add: one line of text becomes a whole task. `Call mom #family !! tomorrow 30m every
/// sun` is the title "Call mom" with a tag, a priority, a date, a duration and a repeat. The
/// grammar (documented in Protocol/README.md) is read here once, so that every frontend gets it;
/// each recognised token is reported with its place in the text, so that a frontend can
/// highlight it while the person types.
public struct QuickAdd: Sendable {
  public struct Token: Equatable, Sendable {
    public enum Kind: String, Sendable {
      case tag, priority, urgent, duration, type, date, due, recurrence, project, time, evening, reminder
    }
    public var kind: Kind
    /// The token's meaning, normalised: the tag, `3`, `true`, `30`, `deepWork`, `2026-02-13`,
    /// `weekly`.
    public var value: String
    public var range: Range<String.Index>
  }

  /// What remains of the text: trimmed, inner spacing kept.
  public var title: String
  /// The fields the tokens set (with `title`); on conflict the last token wins.
  public var patch = TaskPatch()
  public var tokens: [Token] = []

  /// Reads `text`, dates counting from `today`. Never fails: what is not a token is title.
  public static func parse(_ text: String, today: CalendarDate) -> QuickAdd {
    let words = QuickAddWords(text).words
    var result = QuickAdd(title: "")
    var tags: [String] = []
    var consumed = [Bool](repeating: false, count: words.count)
    let titleEnds = titleEnds(words, today: today)
    var i = 0
    while i < words.count {
      guard !words[i].literal, let (count, token) = recognise(words, at: i, today: today, titleEnds: titleEnds)
      else {
        i += 1
        continue
      }
      let range = words[i].range.lowerBound..<words[i + count - 1].range.upperBound
      result.tokens.append(Token(kind: token.kind, value: token.value, range: range))
      switch token.field {
      case .tag(let tag): if !tags.contains(tag) { tags.append(tag) }
      case .priority(let priority): result.patch.priority = priority
      case .urgent: result.patch.urgent = true
      case .duration(let minutes): result.patch.durationMinutes = minutes
      case .type(let type): result.patch.type = type.rawValue
      case .date(let date): result.patch.scheduledDate = .some(date.description)
      case .due(let date): result.patch.dueDate = .some(date.description)
      case .recurrence(let recurrence): result.patch.recurrence = recurrence
      case .project(let name): result.patch.projectName = name
      case .time(let time):
        // `due fri 5pm`, `deadline fri 17:00`: a time right after the deadline is its time.
        if result.tokens.dropLast().last?.kind == .due {
          result.patch.dueTime = .some(time.description)
        } else {
          result.patch.scheduledTime = .some(time.description)
        }
      case .evening: result.patch.evening = true
      case .reminder(let time): result.patch.reminderTimes.append(time)
      }
      for j in i..<i + count { consumed[j] = true }
      i += count
    }
    if !tags.isEmpty { result.patch.tags = tags }
    // A repeat without a date starts on its first day: `every sun` is next Sunday.
    if let recurrence = result.patch.recurrence, result.patch.scheduledDate == nil {
      result.patch.scheduledDate = .some(recurrence.firstDate(from: today).description)
    }
    // A time without a date is today's (`call mom 3pm`), and so is an evening.
    if result.patch.scheduledTime != nil || result.patch.evening == true, result.patch.scheduledDate == nil {
      result.patch.scheduledDate = .some(today.description)
    }
    result.title = title(of: text, words: words, consumed: consumed)
    result.patch.title = result.title
    return result
  }

  /// The text without its tokens: each token goes with the spaces before it (after it, at the
  /// start of the line), so no double space is left where it was.
  static func title(of text: String, words: [QuickAddWords.Word], consumed: [Bool]) -> String {
    var title = ""
    var cursor = text.startIndex
    for (index, word) in words.enumerated() {
      if consumed[index] {
        // Keep the text up to the spaces before the token.
        var end = word.range.lowerBound
        while end > cursor, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        title += text[cursor..<end]
        cursor = word.range.upperBound
        if title.isEmpty {
          while cursor < text.endIndex, text[cursor].isWhitespace { cursor = text.index(after: cursor) }
        }
      } else {
        title += text[cursor..<word.range.lowerBound]
        title += word.titleText
        cursor = word.range.upperBound
      }
    }
    title += text[cursor...]
    return title.trimmingWhitespace
  }
}
