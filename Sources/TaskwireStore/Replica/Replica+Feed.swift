/// What a serving loop needs of the store's other writers, behind the replica: whether there
/// is anything to wait on besides its input, and what to do when it stirs.
extension Replica {
  /// From now on, other writers' commits are to be heard at once (a subscriber needs them
  /// pushed): the feed listens (a file watch, `LISTEN`).
  public func hearOtherWriters() { feed.listenForOtherWriters() }

  /// The descriptor that becomes readable when another writer may have committed, if any.
  public var noticeDescriptor: Int32? { feed.noticeDescriptor }

  /// Whether a loop should wait on more than its input for other writers: a descriptor to
  /// watch, or a feed that listens without one (it is then looked at on a short timer).
  public var hearsOthers: Bool { feed.noticeDescriptor != nil || feed.isListening }

  /// Whether other writers are looked for on a short timer: the feed listens but cannot wake
  /// the loop (a PostgreSQL connection that is down, no inotify).
  public var othersNeedPolling: Bool { feed.noticeDescriptor == nil && !feed.isPrivate && feed.isListening }

  /// Empties the notice descriptor once it was readable; true when what arrived may be
  /// another writer's commit.
  public func drainNotices() -> Bool { feed.drainNotices() }

  /// (See `ChangeFeed.noticesMayBeQueued`.)
  public var noticesMayBeQueued: Bool { feed.noticesMayBeQueued }
}
