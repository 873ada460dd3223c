module.exports = {
  name: "list-indent",
  check(text, _file, { fix }) {
    const messages = [];
    const lines = text.split("\n").map((line, i) => {
      const m = /^( +)([-*+]|\d+\.)\s/.exec(line);
      if (m && m[1].length % 2) {
        messages.push({ line: i + 1, text: "列表缩进不是 2 的倍数" });
        return fix ? " ".repeat(Math.round(m[1].length / 2) * 2) + line.trimStart() : line;
      }
      return line;
    });
    return { messages, fixed: lines.join("\n") };
  },
};
