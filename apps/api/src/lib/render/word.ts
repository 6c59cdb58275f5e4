/**
 * A Word document (Office Open XML, .docx) written as text: paragraphs of runs and tables, one section,
 * the default font in the styles, zipped part by part as the body is written. It writes the same
 * markup the `docx` package wrote for the legal reports (runs with their font, size and weight, tables
 * with a repeated, shaded header row), at a fraction of the cost: `docx` built an object for every
 * element of the document before writing any of it, about 150 KB of heap and 3 ms per table row (a
 * two-month report of 60 workers needed 700 MB and 4–13 s), where this writes each row as it comes.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** A4 in twentieths of a point. */
const A4 = { short: 11906, long: 16838 };

/** Characters XML 1.0 does not allow (controls other than tab and line breaks), dropped rather than breaking the file. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data or an attribute value. */
function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

export interface RunStyle {
  font: string;
  /** Half-points: 16 is 8 pt. */
  size: number;
  bold?: boolean;
}

/** A run of text in one font, size and weight. */
export function wordRun(text: string, style: RunStyle): string {
  const font = xmlText(style.font);
  const bold = style.bold ? '<w:b/><w:bCs/>' : '';
  return `<w:r><w:rPr><w:rFonts w:ascii="${font}" w:cs="${font}" w:eastAsia="${font}" w:hAnsi="${font}"/>${bold}<w:sz w:val="${style.size}"/><w:szCs w:val="${style.size}"/></w:rPr><w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;
}

/** A paragraph of runs, with space before and after it (twentieths of a point). */
export function wordParagraph(runs: string, spacing: { before?: number; after?: number } = {}): string {
  const space = spacing.before || spacing.after ? `<w:pPr><w:spacing${spacing.before ? ` w:before="${spacing.before}"` : ''}${spacing.after ? ` w:after="${spacing.after}"` : ''}/></w:pPr>` : '';
  return `<w:p>${space}${runs}</w:p>`;
}

interface TableStyle {
  /** Columns' widths in twentieths of a point (the page's width shared out). */
  columns: number[];
  /** Thin lines around and between the cells (`C9D6D3`), in eighths of a point. */
  border: { color: string; size: number };
}

/** Opens a table of the page's full width; its rows follow (`wordTableRow`), then `WORD_TABLE_END`. */
export function wordTableStart(style: TableStyle): string {
  const line = (side: string) => `<w:${side} w:val="single" w:color="${style.border.color}" w:sz="${style.border.size}"/>`;
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(line).join('');
  const grid = style.columns.map((w) => `<w:gridCol w:w="${Math.round(w)}"/>`).join('');
  return `<w:tbl><w:tblPr><w:tblW w:type="pct" w:w="5000"/><w:tblBorders>${borders}</w:tblBorders></w:tblPr><w:tblGrid>${grid}</w:tblGrid>`;
}

export const WORD_TABLE_END = '</w:tbl>';

/** A table row: each cell's text (a line break starts a new paragraph in the cell); the header row is shaded and repeats on every page. */
export function wordTableRow(cells: readonly string[], style: RunStyle, header: { fill: string } | null = null): string {
  const shading = header ? `<w:tcPr><w:shd w:fill="${header.fill}" w:color="auto" w:val="clear"/></w:tcPr>` : '';
  const body = cells.map((text) => `<w:tc>${shading}${text.split('\n').map((line) => `<w:p>${wordRun(line, style)}</w:p>`).join('')}</w:tc>`).join('');
  return `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${body}</w:tr>`;
}

interface WordDocument {
  title: string;
  creator: string;
  /** The document's default run: what a run without its own font or size gets. */
  font: string;
  size: number;
  landscape: boolean;
  /** Page margins, twentieths of a point. */
  margin: number;
}

/** The page's width between its margins, twentieths of a point: what a table's columns share. */
export function wordTextWidth(doc: Pick<WordDocument, 'landscape' | 'margin'>): number {
  return (doc.landscape ? A4.long : A4.short) - 2 * doc.margin;
}

function fixedParts(doc: WordDocument, now: Date): [string, string][] {
  const font = xmlText(doc.font);
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z');
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>',
    ],
    [
      'docProps/core.xml',
      `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<dc:title>${xmlText(doc.title)}</dc:title><dc:creator>${xmlText(doc.creator)}</dc:creator>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      'docProps/app.xml',
      `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${xmlText(doc.creator)}</Application></Properties>`,
    ],
    [
      'word/_rels/document.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/></Relationships>',
    ],
    [
      'word/styles.xml',
      `${XML}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="${font}" w:cs="${font}" w:eastAsia="${font}" w:hAnsi="${font}"/><w:sz w:val="${doc.size}"/><w:szCs w:val="${doc.size}"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults>` +
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
        '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style></w:styles>',
    ],
    [
      'word/settings.xml',
      `${XML}<w:settings xmlns:w="${W}"><w:defaultTabStop w:val="720"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`,
    ],
  ];
}

/** Parts of the body gathered into pieces of about this many characters before they are compressed. */
const PIECE = 1 << 16;

/**
 * The .docx file of a document whose body (paragraphs and tables, in order) is `body`. The body is
 * compressed as it is produced, so what is held at once is the compressed file and one piece of text.
 */
export function wordFile(doc: WordDocument, body: Iterable<string>, now = new Date()): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, data, final) => {
      if (error) return reject(error);
      chunks.push(data);
      if (final) {
        const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        resolve(out);
      }
    });
    const add = (name: string, text: string) => {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(text), true);
    };
    try {
      for (const [name, text] of fixedParts(doc, now)) add(name, text);
      const document = new ZipDeflate('word/document.xml', { level: 6 });
      zip.add(document);
      let piece = `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>`;
      for (const xml of body) {
        piece += xml;
        if (piece.length >= PIECE) {
          document.push(strToU8(piece));
          piece = '';
        }
      }
      const [width, height] = doc.landscape ? [A4.long, A4.short] : [A4.short, A4.long];
      piece +=
        `<w:sectPr><w:pgSz w:w="${width}" w:h="${height}"${doc.landscape ? ' w:orient="landscape"' : ''}/>` +
        `<w:pgMar w:top="${doc.margin}" w:right="${doc.margin}" w:bottom="${doc.margin}" w:left="${doc.margin}" w:header="708" w:footer="708" w:gutter="0"/><w:docGrid w:linePitch="360"/></w:sectPr></w:body></w:document>`;
      document.push(strToU8(piece), true);
      zip.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
