import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import type { Document, Element } from '@xmldom/xmldom';

/** Parses SVG text strictly: any XML warning or error throws, so malformed output fails the test. */
export function parseSvg(svg: string): Document {
  return new DOMParser({ onError: onWarningStopParsing }).parseFromString(svg, 'image/svg+xml');
}

/** Every element (any depth) whose class list holds all of `classes`. */
export function byClass(doc: Document, ...classes: string[]): Element[] {
  const all = Array.from(doc.getElementsByTagName('*'));
  return all.filter((el) => {
    const list = (el.getAttribute('class') ?? '').split(/\s+/);
    return classes.every((c) => list.includes(c));
  });
}

/** Text content of every element with these classes, in document order. */
export function texts(doc: Document, ...classes: string[]): string[] {
  return byClass(doc, ...classes).map((el) => el.textContent ?? '');
}
