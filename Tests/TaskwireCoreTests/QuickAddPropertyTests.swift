import TaskwireCore
import TaskwireTestSupport
import Testing

/// Quick add on random text: it never fails, every token's range cuts the text at character
/// boundaries in order without overlapping, and the title never holds a token's text that was
/// taken out.
@Suite struct QuickAddPropertyTests {
  static let alphabet: [String] = [
    "a", "Z", "é", "ß", "Я", "日", "🎉", "👩‍👩‍👧", "e\u{301}", " ", "  ", "\t", "#", "+", "!", "*", "~", "@", "\"", "\\",
    ",", ".", ":", "/", "0", "1", "5", "12", "h", "m", "p1", "every", "every!", "on", "due", "the", "15th",
    "tomorrow", "fri", "next", "in", "3", "days", "week", "month", "last", "day", "dec", "deep", "\u{0}", "\u{2028}",
  ]

  @Test(arguments: 0..<40) func randomLinesAreReadSafely(seed: Int) {
    var random = Generator(seed: UInt64(seed) &+ 1)
    for _ in 0..<50 {
      let text = (0..<random.next(30)).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }.joined()
      let parsed = QuickAdd.parse(text, today: CalendarDate(iso: "2026-02-12")!)
      var previousEnd = text.startIndex
      for token in parsed.tokens {
        #expect(token.range.lowerBound >= previousEnd, "tokens in order, not overlapping: \(text.debugDescription)")
        #expect(token.range.lowerBound < token.range.upperBound)
        // The range cuts at character boundaries: it converts to whole characters and back.
        #expect(
          String(text[token.range]).count == text.distance(from: token.range.lowerBound, to: token.range.upperBound))
        #expect(token.range.lowerBound.samePosition(in: text.unicodeScalars) != nil)
        previousEnd = token.range.upperBound
      }
      #expect(parsed.title.unicodeScalars.first?.properties.isWhitespace != true, "the title is trimmed")
      #expect(parsed.title.unicodeScalars.last?.properties.isWhitespace != true, "the title is trimmed")
      #expect(parsed.patch.title == parsed.title)
    }
  }
}
