import JSON
import TaskwireReplay
import Testing

/// The replay's comparison: JSON-equal whatever the member order, `"<any>"` matching anything,
/// and the first difference named by its JSON Pointer.
@Suite struct JSONMatchTests {
  @Test func equalWhateverTheMemberOrder() throws {
    let a = try JSONParser.parse(#"{"a":1,"b":[1,{"c":"x"}]}"#)
    let b = try JSONParser.parse(#"{"b":[1,{"c":"x"}],"a":1}"#)
    #expect(JSONMatch.firstDifference(a, b) == nil)
  }

  @Test func anyMatchesAnything() throws {
    let expected = try JSONParser.parse(#"{"at":"<any>","id":1}"#)
    #expect(JSONMatch.firstDifference(expected, try JSONParser.parse(#"{"at":"2026-01-01T00:00:00Z","id":1}"#)) == nil)
  }

  @Test func namesTheFirstDifference() throws {
    let expected = try JSONParser.parse(#"{"b":[1,{"c":"x"}]}"#)
    let actual = try JSONParser.parse(#"{"b":[1,{"c":"y"}]}"#)
    #expect(JSONMatch.firstDifference(expected, actual) == "/b/1/c")
  }
}
