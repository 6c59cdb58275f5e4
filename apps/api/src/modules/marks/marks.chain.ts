/**
 * The one verifier of the marks' hash chains: `checkChainStep` checks a mark against the row before it
 * in its worker's chain (its content against its hash, its sequence and its link). Marks' own chain
 * verification (`verifyChain` in marks.read.ts) walks whole chains with it; the marks report and the
 * background audit (modules/reports) read `markIntegrity` and `chainTailProblem`, through marks' door,
 * so a report filtered by kind, site or period still verifies every row it shows on its own.
 */
import { INTEGRIDAD_LABELS, type Integridad } from '@jornada/contracts';
import { GENESIS_HASH, markHash, type HashedMark } from './marks.hash';

/** A mark against the previous row of its chain (`previous` null: the mark should be the first). */
export interface ChainStep {
  /** What the mark's stored fields hash to now. */
  recomputed: string;
  /** The stored hash is not what the fields hash to: the row was modified. */
  altered: boolean;
  /** The mark's sequence follows the previous row's (N° 1 when there is none). */
  inSequence: boolean;
  /** The numbers missing between the previous row and the mark, when some are. */
  missing: { from: number; to: number } | null;
  /** The mark's `prevHash` is the previous row's stored hash (the genesis hash for the first). */
  linkHolds: boolean;
}

/** Checks one mark of a chain against the row before it: `previous.hash` null when that row's hash is not known. */
export function checkChainStep(mark: HashedMark & { hash: string }, previous: { seq: number; hash: string | null } | null): ChainStep {
  const recomputed = markHash(mark);
  const previousSeq = previous ? previous.seq : 0;
  const expectedLink = previous ? previous.hash : GENESIS_HASH;
  return {
    recomputed,
    altered: recomputed !== mark.hash,
    inSequence: mark.seq === previousSeq + 1,
    missing: previousSeq < mark.seq - 1 ? { from: previousSeq + 1, to: mark.seq - 1 } : null,
    linkHolds: mark.prevHash === expectedLink,
  };
}

/** The closest earlier row of the same chain: its sequence and stored hash (null when there is none). */
export interface Predecessor {
  seq: number | null;
  /** The stored hash of the row with `seq = mark.seq - 1`, when that row exists. */
  hash: string | null;
}

export interface IntegrityResult {
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
function linkProblem(mark: Pick<HashedMark, 'seq'>, step: ChainStep): string | null {
  if (mark.seq <= 1) return step.linkHolds ? null : INTEGRITY_MESSAGES.genesis;
  if (step.missing) return INTEGRITY_MESSAGES.missing(step.missing.from, step.missing.to);
  return step.linkHolds ? null : INTEGRITY_MESSAGES.link(mark.seq - 1);
}

/** A mark's integrity from the row and its nearest predecessor, as the marks report and the audit show it. */
export function markIntegrity(mark: HashedMark & { hash: string }, predecessor: Predecessor): IntegrityResult {
  const step = checkChainStep(mark, mark.seq <= 1 ? null : { seq: predecessor.seq ?? 0, hash: predecessor.hash });
  const recomputed = step.recomputed;
  const link = linkProblem(mark, step);
  if (step.altered) {
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
