/**
 * A mark's integrity in its worker's hash chain, from the row and its nearest predecessor. Each row
 * is checked on its own (its content against its hash, its link against the previous row of the
 * chain), so a report filtered by kind, site or period still verifies every row it shows.
 */
import { INTEGRIDAD_LABELS, type Integridad } from '@jornada/contracts';
import { GENESIS_HASH, markHash, type HashedMark } from '../marks/index';

/** The closest earlier row of the same chain: its sequence and stored hash (null when there is none). */
interface Predecessor {
  seq: number | null;
  /** The stored hash of the row with `seq = mark.seq - 1`, when that row exists. */
  hash: string | null;
}

interface IntegrityResult {
  integridad: Integridad;
  etiqueta: string;
  detalle: string;
  /** For `alterada`: what the stored fields hash to now. */
  recalculado: string | null;
}

const INTEGRITY_MESSAGES = {
  ok: 'Hash y enlace con la marca anterior verificados.',
  altered: 'Los datos de esta marca fueron modificados después de registrarse: su hash ya no corresponde a su contenido.',
  genesis: 'La primera marca de la cadena no parte del hash inicial: la cadena fue modificada.',
  link: (previous: number) =>
    `Su enlace no coincide con el hash de la marca anterior (N° ${previous}): esa marca fue reemplazada o su hash fue reescrito en la base de datos.`,
  missing: (from: number, to: number) =>
    from === to
      ? `Falta la marca N° ${from} de la cadena, justo antes de esta: fue borrada de la base de datos.`
      : `Faltan las marcas N° ${from} a N° ${to} de la cadena, justo antes de esta: fueron borradas de la base de datos.`,
} as const;

/** Why the link to the previous row is broken, or null when it holds. */
function linkProblem(mark: Pick<HashedMark, 'seq' | 'prevHash'>, predecessor: Predecessor): string | null {
  if (mark.seq <= 1) return mark.prevHash === GENESIS_HASH ? null : INTEGRITY_MESSAGES.genesis;
  const previousSeq = predecessor.seq ?? 0;
  if (previousSeq < mark.seq - 1) return INTEGRITY_MESSAGES.missing(previousSeq + 1, mark.seq - 1);
  return predecessor.hash === mark.prevHash ? null : INTEGRITY_MESSAGES.link(mark.seq - 1);
}

export function markIntegrity(mark: HashedMark & { hash: string }, predecessor: Predecessor): IntegrityResult {
  const recomputed = markHash(mark);
  const link = linkProblem(mark, predecessor);
  if (recomputed !== mark.hash) {
    return {
      integridad: 'alterada',
      etiqueta: INTEGRIDAD_LABELS.alterada,
      detalle: link ? `${INTEGRITY_MESSAGES.altered} ${link}` : INTEGRITY_MESSAGES.altered,
      recalculado: recomputed,
    };
  }
  if (link) return { integridad: 'cadena_rota', etiqueta: INTEGRIDAD_LABELS.cadena_rota, detalle: link, recalculado: null };
  return { integridad: 'integra', etiqueta: INTEGRIDAD_LABELS.integra, detalle: INTEGRITY_MESSAGES.ok, recalculado: null };
}

/** The worker's chain head says more marks were recorded than remain, or its last hash differs. */
export function chainTailProblem(head: { seq: number; lastHash: string | null } | undefined, last: { seq: number; hash: string } | undefined): string | null {
  if (!head || head.seq === 0) return null;
  const lastSeq = last?.seq ?? 0;
  if (lastSeq < head.seq) {
    return head.seq - lastSeq === 1
      ? `La cadena de este trabajador termina en la marca N° ${lastSeq}, pero se registraron ${head.seq}: falta la última marca (fue borrada de la base de datos).`
      : `La cadena de este trabajador termina en la marca N° ${lastSeq}, pero se registraron ${head.seq}: faltan las últimas ${head.seq - lastSeq} marcas (fueron borradas de la base de datos).`;
  }
  if (lastSeq === head.seq && head.lastHash !== null && last!.hash !== head.lastHash) {
    return `El hash de la última marca (N° ${lastSeq}) no es el que se registró al marcar: fue reescrito en la base de datos.`;
  }
  return null;
}
