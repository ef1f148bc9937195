import Foundation

/// Temporary folders for tests' store files, removed when the test process exits (a test's
/// servers may still be using them until then).
public func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("taskwire-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  TemporaryFolders.shared.add(url)
  return url
}

final class TemporaryFolders: @unchecked Sendable {
  static let shared = TemporaryFolders()
  private let lock = NSLock()
  private var folders: [URL] = []

  private init() {
    atexit { TemporaryFolders.shared.removeAll() }
  }

  func add(_ url: URL) {
    lock.lock()
    folders.append(url)
    lock.unlock()
  }

  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for url in folders { try? FileManager.default.removeItem(at: url) }
    folders.removeAll()
  }
}
