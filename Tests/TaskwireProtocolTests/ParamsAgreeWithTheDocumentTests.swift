import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import Testing

/// Each method's parameter reading against Protocol/openrpc.json: the same names, the required
/// ones refused when missing, undocumented ones refused by name.
@Suite struct ParamsAgreeWithTheDocumentTests {
  static let context = DecodingContext(today: CalendarDate(iso: "2026-02-12")!)

  func decodes(_ type: any RequestType.Type, _ params: JSONValue) -> RPCError? {
    do {
      _ = try type.decode(params, context: Self.context)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyDocumentedMethodHasARequestType() {
    let documented = Set((OpenRPCDocument.value["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
    #expect(Set(AllRequests.types.map { $0.method }) == documented)
  }

  @Test(arguments: AllRequests.types.map { $0.method }) func namesAndRequiredParams(method: String) throws {
    let type = try #require(AllRequests.types.first { $0.method == method })
    let entry = try #require(OpenRPCDocument.method(method))
    let params = OpenRPCDocument.params(of: entry)
    let names = Set(params.compactMap { $0["name"]?.stringValue })
    guard let accepted = type.parameterNames else {
      // initialize takes whatever an LSP client sends besides its documented members.
      #expect(decodes(type, ["processId": 1, "capabilities": [:]]) == nil)
      return
    }
    #expect(accepted == names, "\(method): the params read and the params documented")
    let unknown = decodes(type, ["notAParam": 1])
    #expect(unknown?.code == RPCError.invalidParamsCode)
    #expect(unknown?.data?["param"] == "notAParam")
    for param in params where param["required"] == true {
      let name = try #require(param["name"]?.stringValue)
      let error = decodes(type, [:])
      #expect(error?.code == RPCError.invalidParamsCode, "\(method) without its required \(name)")
    }
  }
}
