CREATE TABLE "daily_flight_counts" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"created" integer NOT NULL,
	CONSTRAINT "daily_flight_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "daily_flight_counts" ADD CONSTRAINT "daily_flight_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;