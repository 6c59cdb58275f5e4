/** Test data for the marks tests: a company with a geolocated site, workers and a helper to mark. */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { Perfil } from '@jornada/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { companies, sites, users } from '../../db/schema/index';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

/** Plaza de Armas, Santiago. */
export const SITE_POSITION = { lat: -33.4378, lng: -70.6505 };

export interface MarkingCompany {
  companyId: string;
  razonSocial: string;
  admin: { id: string; headers: Record<string, string> };
  siteId: string;
}

export async function markingCompany(app: FastifyInstance, db: Db): Promise<MarkingCompany> {
  const company = await companyWithAdmin(app);
  const [site] = await db
    .insert(sites)
    .values({
      companyId: company.companyId,
      nombre: `Casa Matriz ${randomUUID().slice(0, 6)}`,
      calle: 'Catedral',
      numero: '1009',
      comuna: 'Santiago',
      ciudad: 'Santiago',
      region: 'RM',
      lat: SITE_POSITION.lat,
      lng: SITE_POSITION.lng,
      geofenceRadiusM: 150,
    })
    .returning({ id: sites.id });
  return { ...company, siteId: site!.id };
}

export async function markingWorker(
  app: FastifyInstance,
  db: Db,
  company: MarkingCompany,
  options: { perfil?: Perfil; groupId?: string; emailPersonal?: string } = {},
): Promise<Person> {
  const person = await addPerson(app, db, company.companyId, options.perfil ?? 'trabajador', { siteId: company.siteId, groupId: options.groupId ?? null });
  if (options.emailPersonal) {
    await db.update(users).set({ emailPersonal: options.emailPersonal }).where(and(eq(users.companyId, company.companyId), eq(users.id, person.id)));
  }
  return person;
}

export async function setCompanyResolution(db: Db, companyId: string, numero: string, fecha: string): Promise<void> {
  await db.update(companies).set({ resolucion: true, resolucionNumero: numero, resolucionFecha: fecha }).where(eq(companies.id, companyId));
}

export function mark(app: FastifyInstance, headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/marcas', headers, payload: { idCliente: randomUUID(), ...body } });
}

/** The text a PDF shows (pdfkit's standard fonts write WinAnsi hex strings in TJ arrays), one line per text operation. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamRe.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    // Without this a final "stream" (the tail of "endstream") would send lastIndex to -1, back to 0: forever.
    if (end === -1) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/gs)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
    streamRe.lastIndex = end + 'endstream'.length;
  }
  return out.join('');
}
