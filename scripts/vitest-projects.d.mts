export const SERVER_PROJECTS: string[];
export const WEB_PROJECTS: string[];
