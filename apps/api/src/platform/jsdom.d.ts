// What the API uses of jsdom (the SVG sanitiser's window). @types/jsdom would pull the browser's DOM library into
// the API's global types (fetch's BodyInit among them), so only these members are declared.
declare module "jsdom" {
  type ParsedDocument = {
    documentElement: { localName: string; namespaceURI: string | null };
    getElementsByTagName(name: string): { length: number };
  };
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      DOMParser: new () => { parseFromString(text: string, type: string): ParsedDocument };
      XMLSerializer: new () => { serializeToString(node: unknown): string };
    };
  }
}
