// swift-tools-version: 6.0
import PackageDescription

// taskwire has no Swift package dependencies: only the toolchain and the system's libsqlite3.
let package = Package(
  name: "taskwire",
  products: [
    .executable(name: "taskwire", targets: ["taskwire"]),
    .executable(name: "taskwire-bench", targets: ["taskwire-bench"]),
  ],
  targets: [
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .target(name: "JSON"),
    .target(name: "JSONRPC", dependencies: ["JSON"]),
    .target(name: "TaskwireCore"),
    .target(
      name: "TaskwireProtocol", dependencies: ["JSON", "JSONRPC", "TaskwireCore"],
      // Protocol/openrpc.json, through a link: the one copy of the contract, answered to rpc.discover.
      resources: [.embedInCode("openrpc.json")]),
    .target(name: "TaskwireStore", dependencies: ["CSQLite", "JSON", "TaskwireCore"]),
    .target(
      name: "TaskwireServer",
      dependencies: ["JSON", "JSONRPC", "TaskwireCore", "TaskwireProtocol", "TaskwireStore"]
    ),
    .target(name: "TaskwireReplay", dependencies: ["JSON", "TaskwireProtocol"]),
    .executableTarget(name: "taskwire", dependencies: ["TaskwireServer", "TaskwireReplay"]),
    .executableTarget(name: "taskwire-bench", dependencies: ["CSQLite", "JSON", "TaskwireReplay"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "JSONRPC", "TaskwireCore", "TaskwireProtocol"]),
    .testTarget(name: "TaskwireCoreTests", dependencies: ["TaskwireCore"]),
    .testTarget(name: "EndToEndTests", dependencies: ["taskwire", "JSON", "TaskwireReplay"]),
  ],
  swiftLanguageModes: [.v6]
)
