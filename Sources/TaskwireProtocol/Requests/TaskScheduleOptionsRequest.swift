import JSON
import JSONRPC
import TaskwireCore

/// The long-press menu for a task. Result: `{ id, options, picker }`.
public enum TaskScheduleOptionsRequest: RequestType {
  public static let method = "task/scheduleOptions"
  public static let parameterNames: Set<String>? = ["id"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Int64 {
    try reader(json).id()
  }

  public struct Response: TreeResponse {
    public var id: Int64
    public var menu: ScheduleOptions
    /// For a display-parts client: each dated option's day as it reads (`detail`).
    public var presenter: TaskPresenter?
    public init(id: Int64, menu: ScheduleOptions, presenter: TaskPresenter? = nil) {
      self.id = id
      self.menu = menu
      self.presenter = presenter
    }

    public var json: JSONValue {
      [
        "id": .int64(id),
        "options": .array(
          menu.options.map { option in
            var item: JSONObject = [
              "id": .string(option.id), "label": .string(option.label),
              "date": option.date.map { .string($0.description) } ?? .null,
              "current": .bool(option.current),
            ]
            if let presenter, let date = option.date { item["detail"] = .string(presenter.day(date)) }
            return .object(item)
          }),
        "picker": [
          "default": .string(menu.pickerDefault.description),
          "minimum": .string(menu.pickerMinimum.description),
        ],
      ]
    }
  }
}
