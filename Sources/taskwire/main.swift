import TaskwireReplay
import TaskwireServer

if CommandLine.arguments.dropFirst().first == "replay" {
  ReplayMain.run(files: Array(CommandLine.arguments.dropFirst(2)))
}
ServerMain.run(arguments: CommandLine.arguments)
