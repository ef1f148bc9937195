// swift-tools-version: 6.0
import PackageDescription

// taskwire has no Swift package dependencies: only the toolchain and the system's libsqlite3
// (the default store) and libpq (PostgreSQL, the store several machines share).
// One section per module: the module, then its tests. `taskwire` links no test support.
let package = Package(
  name: "taskwire",
  products: [
    .executable(name: "taskwire", targets: ["taskwire"]),
    .executable(name: "taskwire-bench", targets: ["taskwire-bench"]),
  ],
  targets: [
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),

    .target(name: "JSON"),
    .testTarget(name: "JSONTests", dependencies: ["JSON"]),

    .target(name: "JSONRPC", dependencies: ["JSON"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSON", "JSONRPC"]),

    .target(name: "TaskwireCore"),
    .testTarget(name: "TaskwireCoreTests", dependencies: ["TaskwireCore", "TaskwireTestSupport"]),

    .target(
      name: "TaskwireProtocol", dependencies: ["JSON", "JSONRPC", "TaskwireCore"],
      // Protocol/openrpc.json, through a link: the one copy of the contract, answered to rpc.discover;
      // Protocol/catalogue/*.json the same way: every client's words, answered to catalogue/get.
      resources: [.embedInCode("openrpc.json"), .embedInCode("catalogue-en.json"), .embedInCode("catalogue-de.json")]),
    .testTarget(name: "TaskwireProtocolTests", dependencies: ["JSON", "JSONRPC", "TaskwireCore", "TaskwireProtocol"]),

    .target(name: "TaskwireStore", dependencies: ["CSQLite", "JSON", "TaskwireCore"]),
    .testTarget(
      name: "TaskwireStoreTests", dependencies: ["CSQLite", "TaskwireCore", "TaskwireStore", "TaskwireTestSupport"]),

    // Local-first devices (issue 31, Protocol/devices.md): change records, the hybrid clock,
    // registers and their merge; a pure core for now, proven by an in-memory model.
    .target(name: "TaskwireSync", dependencies: ["JSON", "TaskwireCore", "TaskwireStore", "TaskwirePostgres"]),
    .testTarget(
      name: "TaskwireSyncTests",
      dependencies: [
        "JSON", "TaskwireCore", "TaskwirePostgres", "TaskwireStore", "TaskwireSync", "TaskwireTestSupport",
      ]),

    .target(name: "TaskwirePostgres", dependencies: ["CLibPQ", "JSON", "TaskwireCore", "TaskwireStore"]),
    .testTarget(
      name: "TaskwirePostgresTests",
      dependencies: ["TaskwireCore", "TaskwirePostgres", "TaskwireStore", "TaskwireTestSupport"]),

    // Import and export: taskwire's own JSON and Taskwarrior's, through the one commit path.
    .target(
      name: "TaskwireExchange",
      dependencies: ["JSON", "JSONRPC", "TaskwireCore", "TaskwireProtocol", "TaskwireStore"]),
    .testTarget(
      name: "TaskwireExchangeTests",
      dependencies: ["JSON", "TaskwireCore", "TaskwireStore", "TaskwireExchange"]),

    .target(
      name: "TaskwireServer",
      dependencies: [
        "JSON", "JSONRPC", "TaskwireCore", "TaskwireProtocol", "TaskwireStore", "TaskwirePostgres", "TaskwireExchange",
        "TaskwireSync",
      ]),
    .testTarget(
      name: "TaskwireServerTests",
      dependencies: ["JSON", "JSONRPC", "TaskwireServer", "TaskwireTestSupport"]),

    .target(name: "TaskwireReplay", dependencies: ["JSON", "TaskwireProtocol", "TaskwirePostgres"]),
    .testTarget(name: "TaskwireReplayTests", dependencies: ["JSON", "TaskwireReplay"]),

    .executableTarget(name: "taskwire", dependencies: ["TaskwireServer", "TaskwireReplay"]),
    .executableTarget(
      name: "taskwire-bench", dependencies: ["CSQLite", "JSON", "TaskwireCore", "TaskwireStore", "TaskwirePostgres"],
      exclude: ["README.md"]),

    // Helpers shared by the test targets: the pipe and in-process clients, the diff applier,
    // temporary folders, a seeded generator, the storage conformance suite.
    .target(
      name: "TaskwireTestSupport",
      dependencies: ["JSON", "JSONRPC", "TaskwireCore", "TaskwireStore", "TaskwireServer", "TaskwireReplay"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["taskwire", "JSON", "TaskwireProtocol", "TaskwireReplay", "TaskwireTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
