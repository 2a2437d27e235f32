// Uploaded SVG made safe: each way an SVG can run script, load from elsewhere or break out of an <img> is removed,
// and what stays is still one well-formed SVG drawing.
import { describe, expect, it } from "vitest";
import { sanitizeSvg } from "../src/platform/svg.ts";

const wrap = (inner: string, attributes = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

function clean(svg: string): string {
  return sanitizeSvg(svg) ?? expect.unreachable(`refused: ${svg}`);
}

describe("sanitizeSvg", () => {
  it("keeps a drawing: shapes, gradients referenced in the document, text, groups and <use> of a symbol", () => {
    const drawing = wrap(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/></linearGradient>` +
        `<symbol id="s"><circle r="2"/></symbol></defs>` +
        `<g><rect width="10" height="10" fill="url(#g)"/><use xlink:href="#s" x="5" y="5"/>` +
        `<path d="M0 0L10 10"/><text x="1" y="9">Hi &amp; bye</text></g>`,
    );
    const out = clean(drawing);
    expect(out).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toMatch(/<use x="5" y="5" href="#s"\/>/);
    expect(out).toContain("<linearGradient");
    expect(out).toContain("Hi &amp; bye");
    expect(out).toContain('<path d="M0 0L10 10"');
  });

  it("accepts an editor's prolog (XML declaration, comment, plain DOCTYPE)", () => {
    const out = clean(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: editor -->\n` +
        `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n` +
        wrap(`<circle r="3"/>`),
    );
    expect(out).toContain("<circle");
    expect(out).not.toContain("DOCTYPE");
  });

  it("removes scripts, event handlers and javascript: links", () => {
    const out = clean(
      wrap(
        `<script>alert(1)</script><script xlink:href="https://evil.test/x.js"/>` +
          `<rect width="1" height="1" onload="alert(2)" onclick="alert(3)"/>` +
          `<a href="javascript:alert(4)"><circle r="1"/></a>` +
          `<animate attributeName="href" to="javascript:alert(5)"/><set attributeName="onload" to="alert(6)"/>`,
        ' onload="alert(7)"',
      ),
    );
    expect(out).not.toMatch(/script|alert|onload|onclick|javascript|<animate|<set|<a[\s>]/i);
    expect(out).toContain("<rect");
  });

  it("removes foreignObject, style sheets and every reference outside the document", () => {
    const out = clean(
      wrap(
        `<rect width="1" height="1" fill="url(https://evil.test/p.svg#g)" style="fill: url(https://evil.test/x)"/>` +
          `<style>@import url(https://evil.test/a.css); rect { fill: red }</style>` +
          `<image href="https://evil.test/pixel.png" width="1" height="1"/>` +
          `<use xlink:href="https://evil.test/sprite.svg#a"/><use href="data:image/svg+xml;base64,PHN2Zy8+"/>` +
          `<filter id="f"><feImage href="https://evil.test/f.png"/></filter>` +
          `<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"></iframe></div></foreignObject>`,
      ),
    );
    expect(out).not.toMatch(/evil\.test|foreignObject|iframe|<style|@import|<image|feImage|data:/i);
    expect(out).toContain('<rect width="1" height="1"/>');
    expect(out).toContain('<filter id="f"');
    expect(out).not.toContain("style=");
  });

  it("writes out well-formed XML whatever markup came in", () => {
    expect(
      sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"><text>a\u00a0b < c</svg>`),
    ).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"><text>a\u00a0b &lt; c</text></rect></svg>`,
    );
  });

  it("refuses what is not one SVG document, and entity declarations", () => {
    expect(sanitizeSvg("<html><body><svg/></body></html>")).toBeNull();
    expect(sanitizeSvg("hello")).toBeNull();
    expect(sanitizeSvg(`<svg/><svg/>`)).toBeNull();
    expect(
      sanitizeSvg(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>` +
          wrap("<text>&lol2;</text>"),
      ),
    ).toBeNull();
    expect(sanitizeSvg(`<!DOCTYPE svg SYSTEM "file:///etc/passwd">${wrap("")}`)).not.toBeNull();
  });
});
