"""The Discord layer: commands, buttons, messages. A thin shell over ``bot.service``.

The command line that starts it is ``bot.cli``; ``bot.shell.run`` connects to Discord.
"""
