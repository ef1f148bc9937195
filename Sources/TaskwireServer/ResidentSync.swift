import TaskwireStore
import TaskwireSync

#if canImport(Glibc)
  import Glibc
#endif

/// The resident server's sync between sessions (during one, its serving loop does the same):
/// what the agent left is merged, other processes' commits on the file are pushed too, and the
/// outbox goes to the agent when its push is due.
struct SyncWatch {
  let link: SyncLink?
  let replica: Replica
  private var agent: Int? = nil
  private var notice: Int? = nil

  /// Adds the agent's and the store's descriptors to `fds` (none without a link).
  init(link: SyncLink?, replica: Replica, fds: inout [pollfd]) {
    self.link = link
    self.replica = replica
    guard let link else { return }
    fds.append(pollfd(fd: link.descriptor, events: Int16(POLLIN), revents: 0))
    agent = fds.count - 1
    if let descriptor = replica.noticeDescriptor {
      fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
      notice = fds.count - 1
    }
  }

  /// Milliseconds until the push is due, if one waits.
  func timeout() -> Int32? {
    guard let due = link?.pushDue else { return nil }
    return Int32(max(0, ((due - ServeDeadlines.uptime()) * 1000).rounded(.up)))
  }

  /// After the wait: the agent's news taken, another process's commit noted, a due push made.
  func serve(_ fds: [pollfd]) {
    guard let link else { return }
    if let agent, fds[agent].revents != 0 { _ = link.serve() }
    if let notice, fds[notice].revents != 0, replica.drainNotices() {
      link.committed(now: ServeDeadlines.uptime())
    }
    link.pushIfDue(now: ServeDeadlines.uptime())
  }
}
