CREATE TABLE "search_synonyms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"words" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_terms_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
-- Default synonym groups (docs/catalog.md, Search): words cube buyers use for the same thing.
INSERT INTO "search_synonyms" ("words") VALUES
	('{2x2,二阶,2阶,2x2x2}'),
	('{3x3,三阶,3阶,3x3x3}'),
	('{4x4,四阶,4阶,4x4x4}'),
	('{5x5,五阶,5阶,5x5x5}'),
	('{6x6,六阶,6阶}'),
	('{7x7,七阶,7阶}'),
	('{魔方,cube}'),
	('{磁力,magnetic,m}'),
	('{磁悬浮,maglev}'),
	('{实色,stickerless}'),
	('{金字塔,pyraminx}'),
	('{五魔,megaminx,五魔方}'),
	('{斜转,skewb}'),
	('{镜面,mirror}'),
	('{计时器,timer}'),
	('{润滑油,lube,lubricant}'),
	('{智能,smart}'),
	('{礼盒,gift}'),
	('{异形,shape}'),
	('{sq1,square-1,square1}');
