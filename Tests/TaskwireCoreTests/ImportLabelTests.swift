import TaskwireCore
import Testing

/// An import's undo step names how many tasks came in, grouped as the language writes numbers.
@Suite struct ImportLabelTests {
  @Test(arguments: [
    (1, "en", "Import 1 task from taskwarrior"), (999, "en", "Import 999 tasks from taskwarrior"),
    (2000, "en", "Import 2,000 tasks from taskwarrior"),
    (1_234_567, "en", "Import 1,234,567 tasks from taskwarrior"),
  ])
  func englishLabels(count: Int, language: String, label: String) {
    let words = Words.english
    #expect(words.importTasks(count, words.grouped(count), "taskwarrior") == label)
  }

  @Test func germanGroupsWithADot() {
    #expect(Words.german.grouped(2000) == "2.000")
    #expect(
      Words.german.importTasks(2000, Words.german.grouped(2000), "taskwarrior").contains("2.000"))
  }
}
