"""What Discord shows of a table, kept in step with what the service commits: the public table
message, the players' hands, the turn timers and the knock ceremony, one module each. The bot
(``bot.shell.app``) makes them and wires them to each other through their constructors."""
