import curses, time
def main(s):
    curses.start_color(); curses.use_default_colors()
    curses.init_pair(1, curses.COLOR_YELLOW, curses.COLOR_BLUE)
    curses.init_pair(2, 196, -1)
    s.addstr(0, 0, "Python curses: עברית ועربية", curses.A_BOLD)
    s.addstr(2, 2, "שם: דנה כהן", curses.color_pair(1))
    s.addstr(3, 2, "الاسم: سارة", curses.color_pair(2) | curses.A_UNDERLINE)
    s.addstr(5, 2, "中文 wide ok")
    s.addstr(23, 0, "q לצאת", curses.A_REVERSE)
    curses.curs_set(0); s.refresh(); time.sleep(3)
curses.wrapper(main)
