import JSON
import TaskwireCore
import TaskwireProtocol

/// Listing, subscribing and tags: reads of the index through the view publisher.
extension Server {
  static func registerViews(_ methods: inout Dispatcher) {
    methods.on(
      ViewListRequest.self, .read, beforeLoad: { server, json in try server.quickTodayList(json) },
      { server, query in server.publisher.list(query) })
    methods.on(ViewSubscribeRequest.self, .subscribe) { server, query in server.publisher.subscribe(query) }
    methods.on(ViewUnsubscribeRequest.self, .read) { server, id in try server.publisher.unsubscribe(id) }
    methods.on(TagsListRequest.self, .read) { server, _ in server.tags() }
    methods.on(CatalogueGetRequest.self, .read) { server, _ in CatalogueGetRequest.Response(language: server.language) }
  }

  /// The first `view/list` of Today on a store not loaded yet, from Today's tasks alone (what
  /// an editor shows first, at once however large the store); the rest is loaded right after
  /// the reply (`Replica.quickTodayIndex`). Nil for any other first request.
  func quickTodayList(_ params: JSONValue?) throws -> ViewListRequest.Response? {
    // (Phrases in a filter read against the day the list is for, as after a load.)
    let day = replica.dayClock.day(of: replica.clock.now)
    let query = try ViewListRequest.decode(params, context: DecodingContext(today: day))
    guard query.view == .today, let today = try replica.quickTodayIndex(day: day) else { return nil }
    return ViewListRequest.Response(
      snapshot: ViewSnapshot(query: query, index: today, words: replica.words), version: publisher.version(of: .today),
      presenter: publisher.displayParts ? TaskPresenter(today: day, language: language) : nil)
  }

  func tags() -> TagsListRequest.Response {
    var counts: [String: Int] = [:]
    for task in replica.index.tasks.values { for tag in task.tags { counts[tag, default: 0] += 1 } }
    let sorted = counts.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }
    // Each open task counted once, in its project (a heading's tasks in the heading's project).
    let index = replica.index
    var perProject: [Int64: Int] = [:]
    for task in index.tasks.values where task.kind == .task {
      guard var parent = task.parentID.flatMap({ index.tasks[$0] }) else { continue }
      if parent.kind == .heading, let project = parent.parentID.flatMap({ index.tasks[$0] }) { parent = project }
      if parent.kind == .project { perProject[parent.id, default: 0] += 1 }
    }
    var projects: [(id: Int64, title: String, area: Int64?, count: Int)] = []
    for area in [Int64(0)] + index.tasks(in: .children(parent: 0, kind: .area)).map(\.id) {
      for project in index.tasks(in: .children(parent: area, kind: .project)) {
        projects.append((project.id, project.title, area == 0 ? nil : area, perProject[project.id] ?? 0))
      }
    }
    return TagsListRequest.Response(tags: sorted.map { (tag: $0.key, count: $0.value) }, projects: projects)
  }
}
