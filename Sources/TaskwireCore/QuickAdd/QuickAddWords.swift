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
    var index = text.startIndex
    var inQuote = false
    while index < text.endIndex {
      guard !text[index].isWhitespace else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
      let word = text[start..<index]
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
      let key = String(word.lowercased().trimmingSuffix { ",.;".contains($0) })
      words.append(Word(text: word, key: key, range: start..<index, literal: literal, titleText: titleText))
    }
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
