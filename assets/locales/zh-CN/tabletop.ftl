# Tabletop 各游戏共用的简体中文文本；每个游戏自己的文本在旁边它自己的文件里，
# 标识以游戏名开头。这里每个文件的每个标识都在 en/ 下同名文件里，变量相同（有测试检查）。

## 菜单

menu-title = 桌游
menu-continue = 继续
menu-continue-tip = 接着下你离开时的那一局，一切如旧
menu-seats-help = 每一方：真人或 AI（1 最弱，5 最强）。
menu-swap = 交换双方
menu-swap-tip = 原来执{ $first }（先手）的一方改执{ $second }
menu-start = 开始
menu-quit = 退出
menu-language = 语言
seat-human = 真人
seat-ai = AI
seat-level = 级别
continue-line = { $game } { $settings } · { moves-count } · { $first }，{ $second }
continue-person = { $side }：真人
continue-ai = { $side }：AI { $level }
continue-online = { $side }：在线
autosave-name = 自动存档
autosave-set-aside = { $why }；已另存为 { $place }
autosave-not-set-aside = { $why }；{ $also }

## 声音

sound = 声音
sound-tip = 按 M 静音或恢复
sound-volume = 音量

## 对局面板

hud-menu = 菜单
hud-reset-camera = 重置视角
hud-more = 文件、声音与按键
hud-keys = { $controls } · H 提示 · Ctrl+Z/Y 悔棋/重做 · ←/→ 逐步查看，↑/↓ 切换变化 · R 复盘 · P 摆局面 · C 坐标 · O 手数 · Ctrl+C/V 复制/粘贴
hud-camera-keys = 右键：转视角 · WASD/QE：移动 · 滚轮：速度 · M：声音
hud-to-move = 轮到{ $side }
hud-ai-for = AI { $level }（替{ $side }）
hud-thinking = { $who } 思考中… { $seconds } 秒
hud-progress = 深度 { $depth } · { $nodes } 个节点 · 最佳 { $best }
hud-moves-next = 下一步：{ $who }
hud-waits = { $who } 等待中：点“单步”或按空格
hud-hint-looking = 提示：AI { $level } 正在寻找… { $seconds } 秒
hud-hint = 提示：{ $at }（{ $mark }）
hud-moves-line = 步数：{ $count } · 最后一步：{ $last }
hud-new-game = 新局
hud-undo = 悔棋
hud-undo-tip-pair = Ctrl+Z：收回你的一步和 AI 的应手
hud-undo-tip = Ctrl+Z：收回上一步
hud-redo = 重做
hud-hint-button = 提示
hud-hint-tip = H：AI 会下在哪里？
hud-ai-move = AI 代下
hud-ai-move-tip = 让 AI 替你下这一步
hud-ai-level = AI { $level }
hud-pause = 暂停
hud-auto = 自动
hud-pause-tip = 让 AI 下完这一步后停下
hud-auto-tip = 让 AI 重新自动落子
hud-step = 单步
hud-step-tip = 空格：轮到的 AI 下一步
hud-ais-auto = AI：自动
hud-ais-paused = AI：已暂停
seat-you = { $side }（你）
seat-ai-label = { $side }（AI { $level }）
seat-online-label = { $side }（在线）
refused = 不能这样下：{ $why }
refused-taken = { $at } 已经有子了
refused-full = 第 { $column } 列已满
refused-over = 对局已结束
refused-on-time = 对局已结束：{ $side }超时

## 文件

file-label = 文件
file-save = 保存
file-load = 读取
file-save-as = 另存为…
file-open = 打开…
file-load-web = 读取…
file-saved = 已把 { moves-count } 保存到 { $path }
file-loaded = 已读取 { $name }（{ moves-count }）
file-save-failed = 保存失败：{ $why }
file-load-failed = 读取失败：{ $why }
file-no-dialog = 这个桌面没有文件对话框：请输入路径，再点“保存”或“读取”
file-not-read = 无法读取 { $path }：{ $why }
file-named = { $name }：{ $why }
file-not-saved-game = 这不是桌游的存档（没有 game 行）
file-unknown-line = 第 { $line } 行：无法识别的行“{ $key }”
file-second-line = 第 { $line } 行：第二个“{ $key }”行（第一个在第 { $first } 行）
file-missing-line = 缺少“{ $key }”行（文件是否不完整？）
file-unknown-game = 第 { $line } 行：这个版本读不了游戏“{ $name }”（能读的有：{ $known }）
file-bad-value = 第 { $line } 行：{ $why }
file-bad-move = 第 { $line } 行第 { $number } 步（{ $text }）：{ $why }

## 棋谱

moves-title = 棋谱
moves-none = 还没有落子
moves-promote = 设为主线
moves-delete = 从此处删除
moves-count = { $count } 手

## 状态

status-playing = 对局中
status-setting-up = 摆局面中
status-wins = { $side }胜
status-on-time = { $side }胜（对方超时）
status-draw = 和棋

## 分析

analysis-title = 分析
analysis-show-solved = 显示求解结果（V）
analysis-over = 对局已结束。
value-wins = 必胜
value-wins-in = { $n } 步内胜
value-draws = 和棋
value-loses = 必败
value-loses-in = { $n } 步内负
value-short-win = 胜
value-short-draw = 和
value-short-loss = 负
to-move-value = 轮到{ $side }：{ $value }
to-move-solving = 轮到{ $side }：求解中…

## 各游戏的设置（菜单控件）

setting-random = 随机
setting-seed-hint = 随机
setting-seed-empty = 留空：每局用新的随机种子
setting-seed-fixed = 同一种子的每一局掷出相同的骰子
setting-seed-bad = 不是数字：每局用随机种子

## 在线对局

online-title = 在线
online-name = 你的名字
online-server = 服务器
online-play-as = 执
online-random = 随机
online-create = 创建房间
online-code = 房间号
online-join = 加入
online-watch = 观战
online-connecting = 正在连接 { $server }…
online-reconnecting = 连接中断：正在重新连接…
online-room = 房间 { $code }
online-copy = 复制链接
online-you = 你
online-seat = { $side }：{ $name } · { $presence }
online-seat-empty = { $side }：{ $presence }
online-presence-empty = 等待玩家
online-presence-connected = 已连接
online-presence-reconnecting = 正在重新连接…
online-presence-left = 已离开
online-watching = 你正在观战。
online-waiting = 等待对方加入：把房间号或链接发给对方。
online-takeback-tip = Ctrl+Z：请求悔棋
online-takeback-asked = { $who } 请求悔一步棋
online-takeback-waiting = 已请求悔棋：等待对方答复…
online-accept = 同意
online-decline = 拒绝
online-resign = 认输
online-rematch = 再来一局
online-rematch-asked = { $who } 想再来一局
online-no-load = 在线房间中不能读取棋局：先离开房间。
online-leave = 离开房间

## 触屏与紧凑布局（手机）
touch-confirm = 点两下落子（第一下只显示棋子）
touch-help = 单指：转动视角 · 双指：捏合缩放、拖动平移 · 在棋盘外双击：复位视角
touch-tap-again = 再点一下 { $at } 落子
touch-thinking = { $who } 正在思考…
touch-hint-looking = 正在寻找提示…
touch-new = 新局
touch-more = 更多
touch-less = 收起
touch-game-page = 对局

## 复盘
review-title = 复盘
review-button = 复盘
review-cancel = 取消复盘
review-tip = AI 逐步检查这条线上的每一手，并标出失误（R）
review-running = 正在检查第 { $done } / { $total } 个局面
review-clean = 没有一手棋丢失优势。
review-marked = { $number } { $played }{ $sign } { $mark }，更好的是 { $best }
review-marked-tip = 回到这一手之前的局面：棋盘上会显示更好的一手
review-inaccuracy = 欠佳
review-mistake = 失误
review-blunder = 败着
review-win = 胜
review-draw = 和
review-loss = 负
review-in = { $plies } 步内{ $result }
review-point = { $moves } 手后：{ $side }走，{ $value }
review-point-unseen = { $moves } 手后

## 复制与粘贴
clipboard-copied = 已复制本局（{ $count } 手）：按 Ctrl+V 打开
clipboard-pasted = 已打开粘贴的对局（{ $count } 手）
clipboard-not-a-game = 粘贴的内容不是对局：{ $why }
clipboard-failed = 无法使用剪贴板：{ $why }

## 棋盘标注
labels-coordinates = 坐标
labels-move-numbers = 手数

## 摆局面（编辑模式）
edit-button = 摆局面
edit-tip = 手动摆出局面：放上或拿走棋子，选择轮到谁走（P）
edit-title = 正在摆局面
edit-help = 点击棋盘放上或拿走棋子；按 P 从这里开始下。
edit-pieces = 棋子
edit-put = 点击放上
edit-take = 点击拿走
edit-to-move = 轮到
edit-face = 点击放上的点数
edit-die = 待放的骰子
edit-play = 从这里开始下
edit-clear = 清空
edit-cancel = 取消
edit-unreachable = 对局中不会出现这个局面：{ $why }
edit-analysis-waits = 摆局面时分析暂停。

## 棋钟
menu-clock = 棋钟
menu-clock-none = 无
menu-clock-tip = 每方的分钟数 + 每步加秒；轮到的一方计时，用完时间的一方判负
