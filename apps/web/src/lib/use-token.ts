import { useSession } from './session';

/** The session token for API calls made by queries and mutations ('' when signed out). */
export function useToken(): string {
  return useSession().token ?? '';
}
