import TaskwireReplay
import TaskwireServer

switch CommandLine.arguments.dropFirst().first {
case "replay": ReplayMain.run(files: Array(CommandLine.arguments.dropFirst(2)))
case let command? where ["export", "import", "backup"].contains(command):
  ExchangeMain.run(command: command, arguments: Array(CommandLine.arguments.dropFirst(2)))
default: ServerMain.run(arguments: CommandLine.arguments)
}
