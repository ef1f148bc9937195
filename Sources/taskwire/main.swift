import TaskwireServer

ServerMain.run(arguments: CommandLine.arguments)
