# gomoku 自己的简体中文文本（共用的在 tabletop.ftl）。

## 五子棋

gomoku-title = 五子棋
gomoku-blurb = 五子连珠。黑方先行。
gomoku-controls = 左键：落子
gomoku-hint-mark = 青色圆环
gomoku-first = 黑方
gomoku-second = 白方
gomoku-size = 棋盘
gomoku-rule = 规则
gomoku-rule-freestyle = 无禁手（五连或长连皆胜）
gomoku-rule-standard = 标准（恰好五连）
gomoku-rule-renju = 连珠（黑方：恰好五连，禁三三、四四、长连）
gomoku-describe-freestyle = { $size } · 无禁手
gomoku-describe-standard = { $size } · 标准（恰好五连）
gomoku-describe-renju = { $size } · 连珠
gomoku-analyse = 分析局面（V）
gomoku-analysis-paused = 分析已开：AI 思考时暂停。
gomoku-analysis-over = 分析已开：对局已结束。
gomoku-analysis-thinking = 分析已开：思考中…
gomoku-wins-by-force = { $side }必胜
gomoku-wins-in = { $side } { $n } 步内胜
gomoku-chance-for = { $side }胜率 { $chance }
gomoku-engine-score = 引擎评分 { $score }
gomoku-search = 深度 { $depth } · { $nodes } 个节点 · 每秒 { $speed } 千节点
gomoku-best-line = 最佳路线：{ $line }
gomoku-refused-forbidden = { $at } 是黑方禁手：{ $foul }
gomoku-foul-overline = 长连
gomoku-foul-double-four = 四四
gomoku-foul-double-three = 三三
