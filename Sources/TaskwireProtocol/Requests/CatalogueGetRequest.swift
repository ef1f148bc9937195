import JSON
import TaskwireCore

/// Every word a client shows that is not task data, in the session's language: the catalogues
/// in Protocol/catalogue/ (one per language, built into the binary), so that no client carries
/// a word list of its own. Result: `{ locale, strings: {key: text} }`.
public enum CatalogueGetRequest: RequestType {
  public static let method = "catalogue/get"
  public typealias Params = NoParams

  /// A language's catalogue: the repository's flat JSON object, on one line (a frame is one
  /// line), read once.
  public static func strings(_ language: Language) -> [UInt8] {
    switch language {
    case .en: english
    case .de: german
    }
  }

  public static let english = oneLine(PackageResources.catalogue_en_json)
  public static let german = oneLine(PackageResources.catalogue_de_json)

  static func oneLine(_ bytes: [UInt8]) -> [UInt8] {
    // (The catalogues are checked by the tests: same keys, same placeholders, valid JSON.)
    JSONWriter.encode((try? JSONParser.parse(bytes)) ?? .object([:]))
  }

  public struct Response: ResponseType {
    public var language: Language
    public init(language: Language) { self.language = language }

    public var output: OutgoingJSON {
      .object([
        ("locale", .value(.string(language.rawValue))),
        ("strings", .raw(RawJSON(bytes: CatalogueGetRequest.strings(language)))),
      ])
    }
  }
}
