/**
 * What a person's bell reads of the permissions module beyond the service's lists: their own
 * requests answered recently (approved or rejected by someone else).
 */
import type { EstadoPermiso } from '@jornada/contracts';
import type { DbOrTx } from '../../db/client';
import * as repo from './permissions.repository';

export interface AnsweredRequest {
  id: string;
  estado: Extract<EstadoPermiso, 'aprobado' | 'rechazado'>;
  tipo: { nombre: string; codigo: string };
  desde: string;
  hasta: string;
  horaInicio: string | null;
  horaFin: string | null;
  decididoEn: Date;
  comentarioDecision: string | null;
}

/** The session person's requests decided since `since` (at most `limit`, newest first) and how many there are. */
export async function answeredRequests(db: DbOrTx, companyId: string, userId: string, since: Date, limit: number): Promise<{ items: AnsweredRequest[]; total: number }> {
  const { rows, total } = await repo.answeredRequests(db, companyId, userId, since, limit);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      estado: r.estado as AnsweredRequest['estado'],
      tipo: { nombre: r.tipoNombre, codigo: r.tipoCodigo },
      desde: r.desde,
      hasta: r.hasta,
      horaInicio: r.horaInicio,
      horaFin: r.horaFin,
      decididoEn: r.decidedAt!,
      comentarioDecision: r.decisionComment,
    })),
  };
}
