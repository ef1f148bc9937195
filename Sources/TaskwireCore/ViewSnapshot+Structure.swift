/// The structure's views, from the index's lists of each parent's items:
/// - `projects`: the projects in no area, then each area (in its order) with its projects.
/// - `project` (its `target`): the project's own tasks, then each heading with its tasks.
/// - `area` (its `target`): the area's projects ("Projects"), then its own tasks (titled by it).
/// Every group is shown, empty or not; an unknown or completed target shows no group.
extension ViewSnapshot {
  static func structureGroups(_ query: ViewQuery, index: TaskIndex, words: Words) -> [Group] {
    func group(_ parent: Int64, _ kind: ItemKind, title: String) -> Group {
      Group(
        key: .children(parent: parent, kind: kind), title: title, date: nil,
        tasks: index.tasks(in: .children(parent: parent, kind: kind)))
    }
    switch query.view {
    case .projects:
      return [group(0, .project, title: words.noArea)]
        + index.tasks(in: .children(parent: 0, kind: .area)).map { group($0.id, .project, title: $0.title) }
    case .project:
      guard let id = query.target, let project = index.tasks[id], project.kind == .project else { return [] }
      return [group(id, .task, title: project.title)]
        + index.tasks(in: .children(parent: id, kind: .heading)).map { group($0.id, .task, title: $0.title) }
    case .area:
      guard let id = query.target, let area = index.tasks[id], area.kind == .area else { return [] }
      // (Its projects under "Projects", its own tasks under its title: two headers, not one twice.)
      return [group(id, .project, title: words.display.projects), group(id, .task, title: area.title)]
    default:
      return []
    }
  }
}
