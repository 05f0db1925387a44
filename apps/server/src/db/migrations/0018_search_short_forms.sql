ALTER TABLE "search_synonyms" ADD COLUMN "kind" text DEFAULT 'same' NOT NULL;--> statement-breakpoint
-- Short forms cubers write (docs/catalog.md, Search, Short forms): the first word stands for the
-- others, not the other way round. Only what the catalog's names, brands and pinyin do not already
-- answer: "wrm", "mgc", "valk", "yj" and "qy" (奇艺's initials) find their products as they are;
-- "wl" and "ty" are also initials of other words (太阳 is t-y too), the short form puts 威龙 and 腾云 first.
INSERT INTO "search_synonyms" ("words", "kind") VALUES
	('{xmd,x-man}', 'short'),
	('{cb,cyclone boys}', 'short'),
	('{sengso,shengshou}', 'short'),
	('{mega,megaminx}', 'short'),
	('{pyra,pyraminx}', 'short'),
	('{sq,square-1}', 'short'),
	('{stackmat,speedstacks}', 'short'),
	('{wl,weilong}', 'short'),
	('{ty,tengyun}', 'short'),
	('{bc,ball-core}', 'short');
