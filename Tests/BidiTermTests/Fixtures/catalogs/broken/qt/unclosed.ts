<?xml version="1.0" encoding="utf-8"?>
<TS version="2.1" language="ar">
<context>
    <name>Main</name>
    <message>
        <source>Open</source>
        <translation>فتح</translation>
    </context>
</TS>
