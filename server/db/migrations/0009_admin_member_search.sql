-- One trigram index over e-mail, name and nickname (lowered, joined by spaces) replaces the three per-column
-- ones: the member search is then one bitmap scan; PGlite scanned the table for the OR of three ILIKEs.
-- fastupdate off: PGlite never vacuums, so a pending list of inserted members would never be merged.
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("email" || ' ' || coalesce("name", '') || ' ' || coalesce("nickname", '')) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_nickname_trgm_idx";
