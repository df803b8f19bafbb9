<?xml version="1.0"?>
<ts language="ar"/>
