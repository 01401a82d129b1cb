"""The results page's one stylesheet, inlined in the page (no external file).

Phone first: at 390 px every table sits in a box that scrolls sideways on its own, so the page
itself never does; from 760 px the standings sit side by side and each board puts its hands beside
its traveller.  In print the navigation goes and no board is split across pages."""

STYLE = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;color:#1a1a1a;background:#fff;
 font:15px/1.45 system-ui,-apple-system,"PingFang SC","Hiragino Sans GB","Microsoft YaHei",
 "Noto Sans CJK SC","WenQuanYi Micro Hei",sans-serif}
main{max-width:1120px;margin:0 auto;padding:10px}
h1{font-size:1.35em;margin:.2em 0;overflow-wrap:anywhere}
h2{font-size:1.15em;margin:1em 0 .4em;border-bottom:2px solid #2a5d34;padding-bottom:2px}
h3{font-size:1em;margin:.3em 0}
.meta{color:#555;margin:0}
nav{margin:.6em 0;line-height:2;overflow-wrap:anywhere}
nav a{display:inline-block;min-width:2em;text-align:center;margin:0 2px;padding:0 4px;border:1px solid #ccd;
 border-radius:4px;text-decoration:none;color:#2a5d34}
.wide{max-width:100%;overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:3px 5px;border-bottom:1px solid #e2e2e2;text-align:left;white-space:nowrap;vertical-align:top}
th{background:#eef3ee;font-weight:600}
.n{text-align:right}
table.rank,table.match,table.traveller,table.rooms{width:100%}
table.rank td:nth-child(2){white-space:normal;min-width:6em}
.names{display:block;font-size:.82em;color:#555;overflow-wrap:anywhere}
p.names{display:block}
.rankings{display:grid;grid-template-columns:minmax(0,1fr);gap:4px 20px}
.ranking{min-width:0}
tr.adj td{background:#fff5dc}
tr.np td{color:#888}
tr.sum td{font-weight:600;border-top:1px solid #999}
.board{border:1px solid #d4d4d4;border-radius:6px;padding:8px;margin:12px 0;display:grid;
 grid-template-columns:minmax(0,1fr);gap:6px}
.board>h3{margin:0}
.note{color:#555;font-size:.88em;margin:.2em 0}
.hands{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-start;min-width:0}
.deal{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));width:100%;max-width:360px;gap:2px 4px}
.hand{font-family:ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.92em;overflow-wrap:anywhere;
 min-width:0}
.hand b{font-family:system-ui,sans-serif}
.seat-n{grid-column:2}.seat-w{grid-column:1}.seat-e{grid-column:3}.seat-s{grid-column:2}
.mid{grid-column:2;border:1px solid #bcd3bf;border-radius:4px;min-height:3.2em;background:#f2f7f2;
 display:flex;align-items:center;justify-content:center;font-size:1.4em;font-weight:600;color:#2a5d34}
.detail{min-width:0}
table.traveller th{white-space:normal;vertical-align:bottom}
.s,.c{color:#1a1a1a}.h,.d{color:#c4161c}
table.makeable th,table.makeable td{padding:1px 6px}
caption{text-align:left;font-size:.88em;color:#555}
.par{margin:.2em 0;font-size:.92em}
@media (min-width:760px){
 main{padding:16px 24px}
 .rankings{grid-template-columns:repeat(auto-fit,minmax(340px,1fr))}
 .board{grid-template-columns:minmax(300px,380px) minmax(0,1fr);align-items:start}
 .board>h3{grid-column:1/-1}
 .board:not(:has(.hands))>.detail{grid-column:1/-1}
}
@media print{
 body{font-size:10.5pt}
 main{max-width:none;padding:0}
 nav{display:none}
 a{color:inherit;text-decoration:none}
 .wide{overflow:visible}
 .board{break-inside:avoid;page-break-inside:avoid;border-color:#999}
 .standings{break-after:page}
 tr.adj td,th{background:none}
}
"""
