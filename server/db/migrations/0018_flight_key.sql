CREATE TABLE "app_meta" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "flight_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "flights_key_unique" ON "flights" USING btree ("flight_key") WHERE "flights"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "flights_key_missing_idx" ON "flights" USING btree ("id") WHERE "flights"."flight_key" is null and "flights"."deleted_at" is null;