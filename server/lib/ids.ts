/** Postgres `integer` ids: anything beyond is an unknown id (404), never a driver error (500). */
export const INT4_MAX = 2_147_483_647;
export const isKnownIdRange = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX;
