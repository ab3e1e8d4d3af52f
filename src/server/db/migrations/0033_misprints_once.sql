-- One misprint per reader per place: the repeats already sent go, the first of each stays.
DELETE FROM "misprints" m USING "misprints" o
  WHERE o."entry_id" = m."entry_id" AND o."user_id" = m."user_id" AND o."fragment" = m."fragment"
    AND md5(o."context") = md5(m."context") AND o."id" < m."id";--> statement-breakpoint
CREATE UNIQUE INDEX "misprints_once" ON "misprints" USING btree ("entry_id","user_id","fragment",md5("context"));
