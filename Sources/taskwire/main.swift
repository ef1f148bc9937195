import TaskwireReplay
import TaskwireServer

// The arguments are read once, then any password in them is overwritten where other users
// can read it (ArgumentScrub).
let arguments = CommandLine.arguments
ArgumentScrub.scrubPasswords()
switch arguments.dropFirst().first {
case "replay": ReplayMain.run(files: Array(arguments.dropFirst(2)))
case "sync": SyncMain.run(arguments: Array(arguments.dropFirst(2)))
case "new-device": NewDeviceMain.run(arguments: Array(arguments.dropFirst(2)))
case let command? where ["export", "import", "backup"].contains(command):
  ExchangeMain.run(command: command, arguments: Array(arguments.dropFirst(2)))
default: ServerMain.run(arguments: arguments)
}
