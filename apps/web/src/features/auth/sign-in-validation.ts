import { authBodySchema } from '@jornada/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The sign-in form's resolver from the contracts' schema; loaded right after the page shows (keeps zod off `/`'s initial JS). */
export const signInResolver = zodResolver(authBodySchema);
