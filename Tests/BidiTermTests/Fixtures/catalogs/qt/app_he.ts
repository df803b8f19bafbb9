<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="he">
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n file(s) deleted</source>
        <translation>
            <numerusform>נמחק קובץ אחד</numerusform>
            <numerusform>נמחקו %n קבצים</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;פתיחה</translation>
    </message>
</context>
</TS>
