CREATE TABLE "platform_counters" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"total_waves_ever_created" integer DEFAULT 0 NOT NULL,
	"total_messages_ever_sent" integer DEFAULT 0 NOT NULL,
	"total_users_ever_registered" integer DEFAULT 0 NOT NULL,
	"total_flights_ever_created" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
