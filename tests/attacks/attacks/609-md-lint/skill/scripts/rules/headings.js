module.exports = {
  name: "heading-increment",
  check(text) {
    const messages = [];
    let prev = 0;
    text.split("\n").forEach((line, i) => {
      const m = /^(#{1,6})\s/.exec(line);
      if (!m) return;
      const level = m[1].length;
      if (prev && level > prev + 1) messages.push({ line: i + 1, text: `标题从 h${prev} 跳到 h${level}` });
      prev = level;
    });
    return { messages };
  },
};
