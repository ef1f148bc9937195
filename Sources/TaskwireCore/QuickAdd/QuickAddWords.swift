/// A line cut into words (runs of non-space characters), each with its place in the text, for
/// the quick-add parser. Quoted runs and backslash-escaped words are marked literal: they stay
/// in the title whatever they look like.
struct QuickAddWords {
  struct Word {
    /// The word as typed.
    var text: Substring
    /// Lower-cased, and without trailing punctuation that is not part of a token (`fri,`).
    var key: String
    var range: Range<String.Index>
    var literal: Bool
    /// The word's text in the title (a backslash escape removed).
    var titleText: Substring
  }

  var words: [Word] = []

  init(_ text: String) {
    // Words are cut at white-space scalars, which is fast; when a cut falls inside a character
    // (a combining mark after a space), the line is cut by characters instead.
    let ranges = Self.ranges(byScalars: text)
    let onCharacters = ranges.allSatisfy {
      $0.lowerBound.samePosition(in: text) != nil && $0.upperBound.samePosition(in: text) != nil
    }
    var inQuote = false
    for range in onCharacters ? ranges : Self.ranges(byCharacters: text) {
      let word = text[range]
      var literal = inQuote
      var titleText = word
      if !inQuote, word.first == "\"" {
        literal = true
        inQuote = !(word.count > 1 && word.last == "\"")
      } else if inQuote, word.last == "\"" {
        inQuote = false
      } else if word.first == "\\", word.count > 1 {
        literal = true
        titleText = word.dropFirst()
      }
      // A final `.` ends a sentence (`fri.`), except after digits, where German writes dates
      // (`15.`, `24.12.`).
      let keepsDot = word.allSatisfy { $0.isNumber || $0 == "." }
      let key = String(word.lowercased().trimmingSuffix { $0 == "," || $0 == ";" || ($0 == "." && !keepsDot) })
      words.append(Word(text: word, key: key, range: range, literal: literal, titleText: titleText))
    }
  }

  static func ranges(byScalars text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex {
      guard !isSpace(scalars[index]) else {
        index = scalars.index(after: index)
        continue
      }
      let start = index
      while index < scalars.endIndex, !isSpace(scalars[index]) { index = scalars.index(after: index) }
      ranges.append(start..<index)
    }
    return ranges
  }

  /// White space, with a fast answer for ASCII (Unicode's tables are slow to ask).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace
  }

  static func ranges(byCharacters text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard !text[index].isWhitespace else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
      ranges.append(start..<index)
    }
    return ranges
  }
}

extension String {
  /// The string without a run of trailing characters matching `drop`, keeping at least one
  /// character (so `!` and `!!` survive).
  func trimmingSuffix(_ drop: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > index(after: startIndex) {
      let previous = index(before: end)
      guard drop(self[previous]) else { break }
      end = previous
    }
    return self[..<end]
  }
}
