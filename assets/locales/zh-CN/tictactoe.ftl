# tictactoe 自己的简体中文文本（共用的在 tabletop.ftl）。

## 井字棋

tictactoe-title = 井字棋
tictactoe-blurb = 3x3 棋盘上三子连线。X 先行。
tictactoe-controls = 左键：在格子里落子 · V 分析
tictactoe-hint-mark = 青色格子
tictactoe-first = X
tictactoe-second = O
tictactoe-describe = 3x3 · 三子连线胜 · X 先行
tictactoe-key = 绿色胜 · 黄色和 · 红色负（双方最佳应对下的步数）
